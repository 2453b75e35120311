// An object that owns memory in the core (an Embind handle) until delete(): Memory, SweepStream,
// StoreStream.
export const HANDLE = Symbol('handle');
export class CoreObject {
  #h;
  #what;
  constructor(handle, what) {
    this.#h = handle;
    this.#what = what;
  }
  /** The live handle; throws once deleted. */
  [HANDLE]() {
    if (!this.#h) throw new Error(`this ${this.#what} was deleted`);
    return this.#h;
  }
  delete() {
    if (this.#h) {
      this.#h.delete();
      this.#h = undefined;
    }
  }
  get deleted() {
    return !this.#h;
  }
}
