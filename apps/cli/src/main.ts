#!/usr/bin/env node
import { processIo } from './cli-io';
import { buildProgram } from './program';

buildProgram(processIo)
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    processIo.err(`gatehouse: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
