export { DeviceFlowModule } from './device-flow.module';
