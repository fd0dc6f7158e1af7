import type { ModuleRef } from '@nestjs/core';
import type { Type } from '@nestjs/common';
import {
  HttpJobTokenMinter,
  type HttpJobTokenMinterOptions,
} from './infrastructure/http-job-token-minter';
import {
  InProcessJobTokenMinter,
  type JobTokenMinting,
} from './infrastructure/in-process-job-token-minter';
import { JobTokenMinter } from './ports/job-token-minter';
import { UnconfiguredJobTokenMinter } from './unconfigured-job-token-minter';

export type JobTokenMinterChoice =
  | ({ mode: 'http' } & HttpJobTokenMinterOptions)
  /** The all-in-one: the provider of token-exchange's service that mints, found in the application. */
  | { mode: 'in-process'; service: Type<JobTokenMinting> }
  | JobTokenMinter;

/** The minter of the options; in-process, the service is looked up once, at the first mint. */
export function configuredJobTokenMinter(
  choice: JobTokenMinterChoice | undefined,
  modules: ModuleRef,
): JobTokenMinter {
  if (choice === undefined) return new UnconfiguredJobTokenMinter();
  if (choice instanceof JobTokenMinter) return choice;
  if (choice.mode === 'http') {
    const { mode: _mode, ...options } = choice;
    return new HttpJobTokenMinter(options);
  }
  let service: JobTokenMinting | null = null;
  return new InProcessJobTokenMinter(() => {
    const found: JobTokenMinting = service ?? modules.get(choice.service, { strict: false });
    service = found;
    return found;
  });
}
