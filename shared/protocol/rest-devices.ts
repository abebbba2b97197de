/** The contracts of /api/device-tokens (push notification targets). See docs/api.md. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { DEVICE_PLATFORMS, deactivateDeviceBodySchema, deviceTokenBodySchema } from './rest';

export const deviceTokenResponseSchema = z.object({
  id: z.number().int(),
  platform: z.enum(DEVICE_PLATFORMS),
  deviceName: z.string().nullable(),
  isActive: z.boolean(),
});
export type DeviceTokenResponse = z.infer<typeof deviceTokenResponseSchema>;
export type DeviceTokenBody = z.input<typeof deviceTokenBodySchema>;

export const deactivateDeviceResponseSchema = z.object({ isActive: z.literal(false) });

/** This device's push token: stored for the signed-in player, or turned off at sign-out. */
export const devicesApi = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/device-tokens',
    body: deviceTokenBodySchema,
    response: deviceTokenResponseSchema,
    auth: 'required',
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/device-tokens/deactivate',
    body: deactivateDeviceBodySchema,
    response: deactivateDeviceResponseSchema,
    auth: 'required',
    errors: ['device_token_not_found'],
  }),
};
