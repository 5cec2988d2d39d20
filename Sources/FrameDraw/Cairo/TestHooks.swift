import Glibc

/// Hooks that let the package's tests reach failures a real drawing meets only by accident, kept
/// out of the production types. Package access: invisible to users of the library.
extension DrawingContext {
    /// Makes this thread's text layout unavailable, as when Pango cannot make one.
    package func removeTextLayoutForTesting() {
        cachedTextRenderer = (nil, pthread_self())
    }

    /// How many gradients this context has drawn with its own rasterizer rather than Cairo's patterns.
    package var rasterizedGradientCountForTesting: Int { gradientRasterizer.drawnCount }
}
