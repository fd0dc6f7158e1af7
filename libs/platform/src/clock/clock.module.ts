import { Global, Module } from '@nestjs/common';
import { systemClock } from '@gatehouse/domain';

/** Injection token of the `Clock` port (`@gatehouse/domain`); tests override it with a `FrozenClock`. */
export const CLOCK = Symbol('gatehouse.clock');

@Global()
@Module({ providers: [{ provide: CLOCK, useValue: systemClock }], exports: [CLOCK] })
export class ClockModule {}
