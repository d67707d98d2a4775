/**
 * The names this module gave before the fixtures moved to test/fixtures/ and
 * the checks to ./expectations.ts, for tests that still import them from here.
 * New tests import from the module that owns the name.
 */
export { KITCHEN, HALLWAY, UNKNOWN_DEVICE } from '../fixtures/service';
export { messageWith, fromFunctionNode, valueSources } from '../fixtures/messages';
export { bmpImage, imagesOfEveryFormat, pngOfSize } from '../fixtures/images';
export { loadAgain, sendFromSource } from './harness';
export {
  servicePath,
  onlyRequest,
  expectRequest,
  expectKept,
  expectSuccessStatus,
  expectRefused,
  expectInvalid,
  expectServiceError,
} from './expectations';
