import { buildPayloadV3, repoUrls } from './payload';
import type { RepoChangeEvent } from './repo-change-event';
import { aPullRequestOpenedEvent, aSpacePushEvent } from '../testing/repo-change-event-builders';

const WEBHOOK = { id: '6390e855e30d9209411de93b' };

describe('buildPayloadV3', () => {
  it('builds the hub-docs "Pull request opened" payload byte for byte', () => {
    const payload = buildPayloadV3(aPullRequestOpenedEvent(), WEBHOOK, {
      publicBaseUrl: 'https://hugginface.co/',
    });
    // The example of hub-docs webhooks.md, typo in the host included, whitespace removed.
    const documented = {
      event: { action: 'create', scope: 'discussion' },
      repo: {
        type: 'model',
        name: 'gpt2',
        id: '621ffdc036468d709f17434d',
        private: false,
        url: { web: 'https://hugginface.co/gpt2', api: 'https://hugginface.co/api/models/gpt2' },
        owner: { id: '628b753283ef59b5be89e937' },
      },
      discussion: {
        id: '6399f58518721fdd27fc9ca9',
        title: 'Update co2 emissions',
        url: {
          web: 'https://hugginface.co/gpt2/discussions/19',
          api: 'https://hugginface.co/api/models/gpt2/discussions/19',
        },
        status: 'open',
        author: { id: '61d2f90c3c2083e1c08af22d' },
        num: 19,
        isPullRequest: true,
        changes: { base: 'refs/heads/main' },
      },
      comment: {
        id: '6399f58518721fdd27fc9caa',
        author: { id: '61d2f90c3c2083e1c08af22d' },
        content: 'Add co2 emissions information to the model card',
        hidden: false,
        url: { web: 'https://hugginface.co/gpt2/discussions/19#6399f58518721fdd27fc9caa' },
      },
      webhook: { id: '6390e855e30d9209411de93b', version: 3 },
    };
    expect(JSON.stringify(payload)).toBe(JSON.stringify(documented));
  });

  it('sends headSha, subdomain and updatedRefs on a repo.content event', () => {
    expect(
      JSON.parse(
        JSON.stringify(
          buildPayloadV3(aSpacePushEvent(), WEBHOOK, { publicBaseUrl: 'https://huggingface.co' }),
        ),
      ),
    ).toEqual({
      event: { action: 'update', scope: 'repo.content' },
      repo: {
        type: 'space',
        name: 'Wauplin/gradio-user-history',
        id: '651311c8e8a8a9c5f2b4e9e1',
        private: false,
        url: {
          web: 'https://huggingface.co/spaces/Wauplin/gradio-user-history',
          api: 'https://huggingface.co/api/spaces/Wauplin/gradio-user-history',
        },
        headSha: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
        subdomain: 'wauplin-gradio-user-history',
        owner: { id: '6273f303f6d63a28483fde12' },
      },
      webhook: { id: '6390e855e30d9209411de93b', version: 3 },
      updatedRefs: [
        {
          ref: 'refs/heads/main',
          oldSha: 'ffffffffffffffffffffffffffffffffffffffff',
          newSha: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
        },
        { ref: 'refs/tags/v1', oldSha: null, newSha: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d' },
      ],
    });
  });

  it('leaves headSha out of community events', () => {
    expect(
      buildPayloadV3(aPullRequestOpenedEvent(), WEBHOOK, { publicBaseUrl: 'https://hf.co' }).repo,
    ).not.toHaveProperty('headSha');
  });

  it('omits the content of a hidden comment', () => {
    const event: RepoChangeEvent = {
      ...aPullRequestOpenedEvent(),
      event: { action: 'update', scope: 'discussion.comment' },
    };
    event.comment = { ...event.comment!, hidden: true };
    const payload = buildPayloadV3(event, WEBHOOK, { publicBaseUrl: 'https://hf.co' });
    expect(payload.comment).toEqual({
      id: '6399f58518721fdd27fc9caa',
      author: { id: '61d2f90c3c2083e1c08af22d' },
      hidden: true,
      url: { web: 'https://hf.co/gpt2/discussions/19#6399f58518721fdd27fc9caa' },
    });
  });

  it('sends movedTo with the owner id only, and updatedConfig as given', () => {
    const move = buildPayloadV3(
      {
        ...aSpacePushEvent(),
        event: { action: 'move', scope: 'repo' },
        updatedRefs: undefined,
        movedTo: { name: 'Wauplin/history', owner: { id: 'u1', name: 'Wauplin' } },
      },
      WEBHOOK,
      { publicBaseUrl: 'https://hf.co' },
    );
    expect(move.movedTo).toEqual({ name: 'Wauplin/history', owner: { id: 'u1' } });
    const config = buildPayloadV3(
      {
        ...aSpacePushEvent(),
        event: { action: 'update', scope: 'repo.config' },
        updatedConfig: { private: true },
      },
      WEBHOOK,
      {
        publicBaseUrl: 'https://hf.co',
      },
    );
    expect(config.updatedConfig).toEqual({ private: true });
  });

  it('prefers the URLs the producer sent', () => {
    const event = aPullRequestOpenedEvent();
    event.repo.url = {
      web: 'https://hub.example/gpt2',
      api: 'https://hub.example/api/models/gpt2',
    };
    event.discussion!.url = { web: 'https://hub.example/gpt2/discussions/19' };
    const payload = buildPayloadV3(event, WEBHOOK, { publicBaseUrl: 'https://hf.co' });
    expect(payload.repo.url).toEqual({
      web: 'https://hub.example/gpt2',
      api: 'https://hub.example/api/models/gpt2',
    });
    expect(payload.discussion!.url).toEqual({
      web: 'https://hub.example/gpt2/discussions/19',
      api: 'https://hub.example/api/models/gpt2/discussions/19',
    });
    expect(payload.comment!.url.web).toBe(
      'https://hub.example/gpt2/discussions/19#6399f58518721fdd27fc9caa',
    );
  });

  it('leaves out a comment that has no discussion', () => {
    const event: RepoChangeEvent = {
      ...aSpacePushEvent(),
      comment: { id: 'c', author: { id: 'a' }, hidden: false, content: 'x' },
    };
    expect(buildPayloadV3(event, WEBHOOK, { publicBaseUrl: 'https://hf.co' })).not.toHaveProperty(
      'comment',
    );
  });

  it('does not share arrays or objects with the event', () => {
    const event = aSpacePushEvent();
    const payload = buildPayloadV3(event, WEBHOOK, { publicBaseUrl: 'https://hf.co' });
    payload.updatedRefs![0]!.ref = 'refs/heads/changed';
    expect(event.updatedRefs![0]!.ref).toBe('refs/heads/main');
  });
});

describe('repoUrls', () => {
  it.each([
    [
      'model',
      'openai-community/gpt2',
      'https://huggingface.co/openai-community/gpt2',
      'https://huggingface.co/api/models/openai-community/gpt2',
    ],
    [
      'dataset',
      'HuggingFaceH4/ultrachat_200k',
      'https://huggingface.co/datasets/HuggingFaceH4/ultrachat_200k',
      'https://huggingface.co/api/datasets/HuggingFaceH4/ultrachat_200k',
    ],
    ['space', 'a/b', 'https://huggingface.co/spaces/a/b', 'https://huggingface.co/api/spaces/a/b'],
    [
      'bucket',
      'a/b',
      'https://huggingface.co/buckets/a/b',
      'https://huggingface.co/api/buckets/a/b',
    ],
  ] as const)('%s %s', (type, name, web, api) => {
    expect(repoUrls(type, name, 'https://huggingface.co')).toEqual({ web, api });
  });
});
