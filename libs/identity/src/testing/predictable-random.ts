import { RandomSource } from '../tokens/random-source';

/** Test double of RandomSource: tokens and ids from counters, so tests can name them. */
export class PredictableRandom extends RandomSource {
  private tokens = 0;
  private ids = 0;

  token(prefix: string): string {
    this.tokens += 1;
    return `${prefix}${'T'.repeat(30)}${String(this.tokens).padStart(10, '0')}`;
  }

  id(): string {
    this.ids += 1;
    return `aaaaaaaa${String(this.ids).padStart(16, '0')}`;
  }
}
