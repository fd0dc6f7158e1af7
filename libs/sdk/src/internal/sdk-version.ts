/** Kept equal to package.json's version (a test checks it); sent in the User-Agent. */
export const SDK_VERSION = '0.1.0';

export const USER_AGENT = `gatehouse-sdk/${SDK_VERSION} node/${process.versions.node}`;
