import type { DataSource } from 'typeorm';
import { closeDataSource, createDataSource } from './create-data-source';
import { PreparedStatement } from './prepared-statement';

const ADD = new PreparedStatement('SELECT $1::int + $2::int AS sum');

/** Runs ADD twice on a one-connection pool and reads which statements that connection keeps prepared. */
async function preparedAfterTwoRuns(namedStatements: boolean | undefined) {
  let dataSource: DataSource | undefined;
  try {
    dataSource = await createDataSource({
      type: 'postgres',
      url: process.env.DATABASE_URL!,
      poolSize: 1,
      namedStatements,
    });
    const sums = [
      await ADD.run<{ sum: number }>(dataSource, [1, 2]),
      await ADD.run<{ sum: number }>(dataSource, [3, 4]),
    ];
    const kept = (await dataSource.query(
      'SELECT name FROM pg_prepared_statements ORDER BY name',
    )) as Array<{ name: string }>;
    return { sums, kept: kept.map(({ name }) => name) };
  } finally {
    if (dataSource) await closeDataSource(dataSource);
  }
}

describe('PreparedStatement on PostgreSQL', () => {
  it('is prepared once per connection under its digest name by default', async () => {
    expect(await preparedAfterTwoRuns(undefined)).toEqual({
      sums: [[{ sum: 3 }], [{ sum: 7 }]],
      kept: [ADD.name],
    });
  });

  it('is sent unnamed when named statements are off (a pooler that drops them)', async () => {
    expect(await preparedAfterTwoRuns(false)).toEqual({
      sums: [[{ sum: 3 }], [{ sum: 7 }]],
      kept: [],
    });
  });
});
