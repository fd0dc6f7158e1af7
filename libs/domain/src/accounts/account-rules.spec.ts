import { emailViolation, passwordViolation, usernameViolation } from './account-rules';

describe('usernameViolation', () => {
  it.each(['ada', 'ada-lovelace', 'Ada_L', 'a.b.c', 'x1', 'a'.repeat(42)])('accepts %p', (name) => {
    expect(usernameViolation(name)).toBeNull();
  });

  it.each([
    ['a', 'Username must be 2 to 42 characters long.'],
    ['a'.repeat(43), 'Username must be 2 to 42 characters long.'],
    ['-ada', 'Username may contain letters, digits, and single "-", "_" or "." between them.'],
    ['ada-', 'Username may contain letters, digits, and single "-", "_" or "." between them.'],
    ['a..b', 'Username may contain letters, digits, and single "-", "_" or "." between them.'],
    [
      'ada lovelace',
      'Username may contain letters, digits, and single "-", "_" or "." between them.',
    ],
    ['org+bot', 'Username may contain letters, digits, and single "-", "_" or "." between them.'],
    ['adà', 'Username may contain letters, digits, and single "-", "_" or "." between them.'],
    ['1234', 'Username must contain a letter.'],
    ['Settings', 'This username is reserved.'],
    ['admin', 'This username is reserved.'],
  ])('refuses %p', (name, message) => {
    expect(usernameViolation(name)).toEqual({ field: 'username', message });
  });
});

describe('emailViolation', () => {
  it.each(['ada@example.com', 'a.b+tag@mail.example.org'])('accepts %p', (email) => {
    expect(emailViolation(email)).toBeNull();
  });

  it.each([
    'ada',
    'ada@localhost',
    'ada@@example.com',
    'a da@example.com',
    'ada@example.com\nBcc: x@y.z',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %p', (email) => {
    expect(emailViolation(email)).toEqual({
      field: 'email',
      message: 'Enter a valid e-mail address.',
    });
  });
});

describe('passwordViolation', () => {
  it('accepts a long uncommon password', () => {
    expect(passwordViolation('correct horse battery staple')).toBeNull();
  });

  it.each([
    ['short', 'Password must be at least 8 characters long.'],
    ['x'.repeat(257), 'Password must be at most 256 characters long.'],
    ['Password1', 'This password is one of the most common ones; choose another.'],
    ['qwertyuiop', 'This password is one of the most common ones; choose another.'],
  ])('refuses %p', (password, message) => {
    expect(passwordViolation(password)).toEqual({ field: 'password', message });
  });

  it('refuses the username or the e-mail address as the password', () => {
    const account = { username: 'lovelace-ada', email: 'countess.ada@example.com' };
    expect(passwordViolation('Lovelace-Ada', account)?.message).toBe(
      'Password must not be your username or e-mail address.',
    );
    expect(passwordViolation('countess.ada', account)?.message).toBe(
      'Password must not be your username or e-mail address.',
    );
  });
});
