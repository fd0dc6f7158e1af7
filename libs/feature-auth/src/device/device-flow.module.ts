import {
  DynamicModule,
  MiddlewareConsumer,
  Module,
  NestModule,
  RequestMethod,
} from '@nestjs/common';
import { DEFAULT_DEVICE_CODE_TTL_SECONDS, DEFAULT_POLL_INTERVAL_SECONDS } from '@gatehouse/domain';
import { provideGrantHandlers } from '@gatehouse/identity';
import { ConsentModule } from '../consent/consent.module';
import { PendingConsents } from '../consent/pending-consents';
import { provideConsentOutcomeHandlers } from '../consent/provide-consent-outcome-handlers';
import { PublicCorsMiddleware } from '../discovery/public-cors.middleware';
import { SessionModule } from '../session/session.module';
import { DeviceAuthorizationController } from './device-authorization.controller';
import { DeviceAuthorizationService } from './device-authorization.service';
import { DeviceAuthorizations } from './device-authorizations';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';
import { DeviceCodeGrant } from './device-code.grant';
import { DeviceConsentOutcome } from './device-consent-outcome';
import { DeviceConsentView } from './device-consent-view';
import {
  DEVICE_FLOW_OPTIONS,
  resolveDeviceFlowOptions,
  UserCodeEntryLimits,
} from './device-flow-options';
import { DeviceVerificationController } from './device-verification.controller';
import { DeviceVerificationService } from './device-verification.service';
import { UserCodeEntryGuard } from './user-code-entry.guard';
import { CryptoUserCodeGenerator, UserCodeGenerator } from './user-code-generator';

/**
 * What DeviceFlowModule.forRoot reads. AuthModule passes its own options object: the device
 * fields default (900 s, 5 s, RFC 8628 §5.1 limits) until AuthModuleOptions carries them.
 */
export interface DeviceFlowModuleOptions {
  /** GATEHOUSE_PUBLIC_URL. */
  publicUrl: string;
  /** GATEHOUSE_DEVICE_CODE_TTL_SECONDS. */
  deviceCodeTtlSeconds?: number;
  /** GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS. */
  devicePollIntervalSeconds?: number;
  userCodeEntryLimits?: Partial<UserCodeEntryLimits>;
}

/**
 * The device authorization grant (RFC 8628, docs/oauth.md "Device flow"): `POST /oauth/device`, the verification
 * and device consent pages under `/oauth/device`, and the device_code grant of `/oauth/token`.
 * Needs IdentityModule, FLOW_STORE, CLOCK and SESSION_OPTIONS (AuthModule provides it).
 */
@Module({})
export class DeviceFlowModule implements NestModule {
  static forRoot(options: DeviceFlowModuleOptions): DynamicModule {
    const resolved = resolveDeviceFlowOptions({
      publicUrl: options.publicUrl,
      deviceCodeTtlSeconds: options.deviceCodeTtlSeconds ?? DEFAULT_DEVICE_CODE_TTL_SECONDS,
      pollIntervalSeconds: options.devicePollIntervalSeconds ?? DEFAULT_POLL_INTERVAL_SECONDS,
      limits: options.userCodeEntryLimits,
    });
    return {
      module: DeviceFlowModule,
      imports: [SessionModule, ConsentModule],
      controllers: [DeviceAuthorizationController, DeviceVerificationController],
      providers: [
        { provide: DEVICE_FLOW_OPTIONS, useValue: resolved },
        { provide: UserCodeGenerator, useClass: CryptoUserCodeGenerator },
        // ConsentModule does not export it; it is stateless over FLOW_STORE, so this instance
        // reads and writes the same records as the consent page's.
        PendingConsents,
        DeviceAuthorizations,
        ConsentWithdrawals,
        DeviceAuthorizationService,
        UserCodeEntryGuard,
        DeviceVerificationService,
        DeviceConsentView,
        ...provideConsentOutcomeHandlers(DeviceConsentOutcome),
        ...provideGrantHandlers(DeviceCodeGrant),
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PublicCorsMiddleware)
      .forRoutes({ path: 'oauth/device', method: RequestMethod.POST });
  }
}
