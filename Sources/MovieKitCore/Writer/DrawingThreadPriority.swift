internal import CPosix

/// The scheduling priority of the threads MovieKit starts to draw frames.
///
/// When drawing and the encoder both want a core, the encoder should get it: a frame thread of
/// x264 that waits for a core delays the frames that refer to it, while a drawing thread that
/// waits only uses up frames already queued in the ring. So drawing threads run a few nice steps
/// below the thread that started the render, and the encoder's threads (started when the writer
/// opened the encoder, from the caller's thread) keep the caller's priority. Under the scheduler's
/// weights, five steps give the encoder about three quarters of a contended core. When no encoder
/// thread wants the core (fast presets, where drawing is the slow part) the drawing threads get all
/// of it, so this costs nothing there.
enum DrawingThreadPriority {
    /// How many nice steps below the starting thread drawing threads run.
    static let niceIncrement: Int32 = 5

    /// Lowers the calling thread's priority by `niceIncrement`; call it first on a drawing thread
    /// MovieKit started, never on the caller's own thread. Linux keeps a nice value per thread, so
    /// this changes no other thread. Raising one's own nice value needs no privilege; if the system
    /// refuses anyway, the thread simply keeps its priority.
    static func lowerCurrentThread() {
        _ = mk_lower_thread_priority(niceIncrement)
    }
}
