/** The contracts of /api/device-tokens (push notification targets). See docs/api.md. */
import { z } from 'zod';
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

export const deviceTokenContract = {
  body: deviceTokenBodySchema,
  response: { 200: deviceTokenResponseSchema },
};
export const deactivateDeviceContract = {
  body: deactivateDeviceBodySchema,
  response: { 200: deactivateDeviceResponseSchema },
};
