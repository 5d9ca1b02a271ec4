// The PDF sheet thread's entry (pdf-sheet-thread.ts). Node runs only JavaScript in a worker, so this
// loads the TypeScript program through tsx, as CommonJS like read-writer-worker.cjs (tsx's ES module
// hooks answer every import across threads). Registered for the whole thread, not as tsx's
// namespaced require: that one marks every path it resolves (`?namespace=…`), and subset-font
// reads HarfBuzz's wasm from the path it resolves. The server's build bundles pdf-sheet-worker.ts.
require('tsx/cjs/api').register();
require('./pdf-sheet-worker.ts');
