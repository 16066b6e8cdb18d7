/**
 * The device check: a user agent (plus client hints) to browser, OS, device
 * brand/model/category, specs, capabilities, a robot flag and a score.
 *
 * @example
 * import { checkDevice } from 'identity-signals/device';
 * const ua = 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Mobile Safari/537.36';
 * checkDevice(ua, { headers: { 'sec-ch-ua-mobile': '?1' } }).category; // 'smartphone' (in a server: { headers: req.headers })
 *
 * @packageDocumentation
 */
export { checkDevice, createDeviceCheck } from './checkDevice.js';
export { DEVICE_SCORE_MODEL } from './scoreModel.js';
export type { DeviceWeightCode } from './scoreModel.js';
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
