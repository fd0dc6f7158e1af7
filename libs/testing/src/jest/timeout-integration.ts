// Integration specs talk to real servers; the projects' testTimeout option is not honoured per project.
jest.setTimeout(60_000);
