import { Module } from '@nestjs/common';
import { SettingsAppController } from './settings-app.controller';

/** Serves the built settings app; needs SETTINGS_APP_OPTIONS (AuthModule provides it). */
@Module({ controllers: [SettingsAppController] })
export class SettingsAppModule {}
