/// Work that a scene's content runs on threads of its own, such as a slideshow's photo prefetch,
/// which the renderer waits for so that none outlives the render that started it.
protocol BackgroundWork: AnyObject, Sendable {
    /// Blocks until no background work of this object is running.
    func waitUntilIdle()
}

/// An image provider (or other content) whose pictures come from background work.
protocol BackgroundWorkOwner {
    /// The object that runs the work.
    var backgroundWork: any BackgroundWork { get }
}
