import Foundation
import FrameDraw
import Synchronization

/// The rasters of a renderer's still groups (`RasterPlan`), shared by every drawing thread and
/// bounded in bytes: when a new raster would pass the budget, the least recently used go first.
///
/// A raster is keyed by its group's slot, the transform and the surface size, so a scene drawn at
/// another size (a contact sheet's thumbnails) gets rasters of its own. Two threads that miss the
/// same key at once both rasterise it and the first to finish is kept: the pictures are identical,
/// because a group is always composited from a raster, never drawn in place, whichever frame
/// made it.
final class LayerRasterCache: Sendable {
    struct Key: Hashable {
        var slot: Int
        var transform: FrameDraw.AffineTransform
        var surfaceWidth: Double
        var surfaceHeight: Double
    }

    private struct Entry {
        var raster: DeviceRaster
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most the rasters may hold, in bytes; a single larger raster is still kept, alone.
    let byteBudget: Int
    private let state = Mutex(State())

    /// Creates an empty cache.
    /// - Parameter byteBudget: The most the rasters may hold, in bytes.
    init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    /// The raster for `key`, if it is cached; marks it as just used.
    func raster(for key: Key) -> DeviceRaster? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.raster
        }
    }

    /// Keeps `raster` under `key`, dropping the least recently used rasters to stay in budget.
    /// - Returns: The raster now cached under `key`: `raster`, or the one another thread stored first.
    func insert(_ raster: DeviceRaster, for key: Key) -> DeviceRaster {
        state.withLock { state in
            state.clock += 1
            if var existing = state.entries[key] {
                existing.lastUse = state.clock
                state.entries[key] = existing
                return existing.raster
            }
            while state.bytes + raster.byteCount > byteBudget,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.raster.byteCount
            }
            state.entries[key] = Entry(raster: raster, lastUse: state.clock)
            state.bytes += raster.byteCount
            return raster
        }
    }

    /// The number of rasters held and their bytes (for tests and statistics).
    var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
