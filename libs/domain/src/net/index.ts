export { isIpLiteral,   } from './ip-address';
export {   classifyAddress, isLoopbackAddress } from './special-use-address';
export { clientAddressFrom, rateLimitKeyOf, type RequestHops, TrustedProxies, UNKNOWN_CLIENT_ADDRESS } from './client-address';
