export { isIpLiteral } from './ip-address';
export { classifyAddress, isLoopbackAddress } from './special-use-address';
export { clientAddressFrom, rateLimitKeyOf, TrustedProxies } from './client-address';
