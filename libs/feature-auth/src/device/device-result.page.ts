import { messagePage } from '../pages/message.page';

/** After Authorize: the device gets its tokens at its next poll. */
export function deviceApprovedPage(appName: string): string {
  return messagePage({
    title: 'Device connected',
    message: `${appName} is now signed in on your device. You can close this window and return to your device.`,
  });
}

export function deviceDeniedPage(appName: string): string {
  return messagePage({
    title: 'Sign-in denied',
    message: `${appName} was not given access. The device that asked will be told. You can close this window.`,
  });
}

export function deviceExpiredPage(): string {
  return messagePage({
    title: 'Code expired',
    message:
      'This code expired or was already answered. Start the sign-in again on your device to get a new code.',
    alert: true,
  });
}
