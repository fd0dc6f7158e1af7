/** A push to a public model of Alice's: a repo change event as docs/events.md defines it. */
export interface RepoPushEvent {
  id: string;
  time: string;
  event: { action: 'update'; scope: 'repo.content' };
  repo: {
    type: 'model';
    name: string;
    id: string;
    private: false;
    owner: { id: string; name: string };
    headSha: string;
  };
  updatedRefs: Array<{ ref: string; oldSha: string | null; newSha: string }>;
}

export function repoPushEvent(
  eventId: string,
  repo: { name: string; id: string },
  headSha: string,
): RepoPushEvent {
  return {
    id: eventId,
    time: new Date().toISOString(),
    event: { action: 'update', scope: 'repo.content' },
    repo: {
      type: 'model',
      name: repo.name,
      id: repo.id,
      private: false,
      owner: { id: '65a0000000000000000000a1', name: repo.name.split('/')[0]! },
      headSha,
    },
    updatedRefs: [
      {
        ref: 'refs/heads/main',
        oldSha: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
        newSha: headSha,
      },
    ],
  };
}
