;
export { rotateSigningKeys } from './rotate-signing-keys';
