// The read-writer thread's entry. Node runs only JavaScript in a worker, so this loads the
// TypeScript program through tsx; as CommonJS, because tsx's ES module hooks answer every import
// across threads and made the thread take seconds to start, where require stays in-thread.
require('tsx/cjs/api').require('./read-writer-worker.ts', __filename);
