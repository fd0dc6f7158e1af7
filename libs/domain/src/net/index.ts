export { isIpLiteral } from './ip-address';
export { classifyAddress, isLoopbackAddress } from './special-use-address';
export {
  anonymisedAddressOf,
  clientAddressFrom,
  rateLimitKeyOf,
  TrustedProxies,
} from './client-address';
