// End-to-end specs start whole services as processes.
jest.setTimeout(180_000);
