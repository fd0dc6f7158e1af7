export { isIpLiteral, parseIpAddress, type IpAddress } from './ip-address';
export { type AddressClassification, type ClassifyAddressOptions, classifyAddress, isLoopbackAddress } from './special-use-address';
