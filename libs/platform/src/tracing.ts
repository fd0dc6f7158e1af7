// @gatehouse/platform/tracing: imported first by every main file, before the modules tracing
// instruments are loaded. It starts tracing when the environment asks for it (start-tracing.ts).
import { startTracing } from './tracing/start-tracing';

startTracing();
