// The errors the API throws (re-exported by index.mjs), in a module of their own so that the pure
// JavaScript parts (model-config.mjs) throw the same classes without loading the WebAssembly.

/** A value the core (or this wrapper) refuses: out of range, wrong length, unknown name.
 *  `field` is the argument or option it is about, as the message names it ('dk', 'q[2]',
 *  'model.layers[1].heads'), or null when it is about no single argument. */
export class LinattnError extends RangeError {
  constructor(message, field = null) {
    super(message);
    this.name = 'LinattnError';
    this.field = field;
  }
}
/** A value of the wrong type (a string for a number, a missing required option, an unknown
 *  option); `field` as for LinattnError. */
export class LinattnTypeError extends TypeError {
  constructor(message, field = null) {
    super(message);
    this.name = 'LinattnTypeError';
    this.field = field;
  }
}
