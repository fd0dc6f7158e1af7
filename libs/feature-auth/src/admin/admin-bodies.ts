import { ORG_ROLES } from '@gatehouse/domain';
import { z } from 'zod';

/** A person's or an organization's name: letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
const accountName = z
  .string()
  .min(1)
  .max(96)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'Must start with a letter or digit and use only letters, digits, ".", "_" and "-"',
  );

export const createUserBody = z.strictObject({
  username: accountName,
  email: z.email().max(254),
  fullname: z.string().trim().min(1).max(200).optional(),
  password: z.string().min(8, 'Too short: at least 8 characters').max(1024).optional(),
  emailConfirmed: z.boolean().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const userQuery = z.strictObject({
  search: z.string().trim().min(1).max(254).optional(),
  after: z.string().min(1).max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type UserQuery = z.infer<typeof userQuery>;

export const emailConfirmedBody = z.strictObject({ confirmed: z.boolean() });
export type EmailConfirmedBody = z.infer<typeof emailConfirmedBody>;

export const createOrganizationBody = z.strictObject({
  name: accountName,
  fullname: z.string().trim().min(1).max(200).optional(),
  plan: z.enum(['free', 'team', 'enterprise']).optional(),
  admin: z.string().min(1).max(254).optional(),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>;

const role = z.enum(ORG_ROLES);

export const addMemberBody = z.strictObject({ username: z.string().min(1).max(254), role });
export type AddMemberBody = z.infer<typeof addMemberBody>;

export const setRoleBody = z.strictObject({ role });
export type SetRoleBody = z.infer<typeof setRoleBody>;
