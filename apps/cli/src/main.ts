#!/usr/bin/env node
import { processIo } from './cli-io';
import { buildProgram } from './program';
import { UsageError } from './usage.error';

buildProgram(processIo)
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    const usage = error instanceof UsageError;
    if (!(usage && error.reported))
      processIo.err(`gatehouse: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = usage ? 2 : 1;
  });
