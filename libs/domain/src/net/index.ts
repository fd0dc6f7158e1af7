export { isIpLiteral,   } from './ip-address';
export {   classifyAddress, isLoopbackAddress } from './special-use-address';
