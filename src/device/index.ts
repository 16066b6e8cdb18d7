/**
 * The device check: a user agent (plus client hints) to browser, OS, device
 * brand/model/category, specs, capabilities, a robot flag and a score.
 *
 * @example
 * import { checkDevice } from 'identity-signals/device';
 * checkDevice(ua, { headers: req.headers }).category; // 'smartphone'
 *
 * @packageDocumentation
 */
export { checkDevice, createDeviceCheck } from './checkDevice.js';
export { DEVICE_SCORE_MODEL } from './scoreModel.js';
export { readClientHints } from './headers.js';
export type { ClientHints } from './headers.js';
export { browserFamily, osFamily } from './names.js';
export type {
  DeviceCallOptions,
  DeviceCategory,
  DeviceCheck,
  DeviceCheckFactoryOptions,
  DeviceCheckOptions,
  DeviceHeaders,
  DeviceReasonCode,
  DeviceResult,
  PriceCluster,
} from './types.js';
