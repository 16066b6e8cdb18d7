import { expect, it } from 'vitest';
import * as device from '../../src/device/index.js';

// The public surface of `identity-signals/device`: a change here is an API change.
it('exports exactly the documented runtime API', () => {
  expect(Object.keys(device).sort()).toEqual([
    'DEVICE_SCORE_MODEL',
    'browserFamily',
    'checkDevice',
    'createDeviceCheck',
    'osFamily',
    'readClientHints',
  ]);
});
