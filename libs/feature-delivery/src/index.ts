// The delivery worker and its ingestion route.
export { DeliveryModule } from './delivery.module';
export { deliveryModuleOptionsOf } from './delivery-module-options';
export { EventIngestionModule } from './ingestion/event-ingestion.module';
