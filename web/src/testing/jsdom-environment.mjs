// jsdom with Node's Request, Response, Headers and TextEncoder: React Router's data router builds a
// Request for every navigation, and jsdom has none. jsdom keeps its own AbortController (its
// addEventListener takes only its own signals), so a Request is made without the page's signal:
// node's Request takes only Node's, and no route here has a loader to cancel. FormData is Node's,
// but one made of a form (React does so when a submit navigates at once) is jsdom's, which can
// read a form.
import JsdomEnvironment from 'jest-environment-jsdom';

const FROM_NODE = ['Response', 'Headers', 'FormData', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'structuredClone'];

class RequestWithoutPageSignal extends Request {
  constructor(input, init) {
    const { signal, ...rest } = init ?? {};
    super(input, signal instanceof AbortSignal ? { ...rest, signal } : rest);
  }
}

export default class JsdomWithFetchEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    const JsdomFormData = this.global.FormData;
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    const NodeFormData = globalThis.FormData;
    this.global.FormData = function FormData(form, submitter) {
      return form === undefined ? new NodeFormData() : new JsdomFormData(form, submitter);
    };
    this.global.Request = RequestWithoutPageSignal;
  }
}
