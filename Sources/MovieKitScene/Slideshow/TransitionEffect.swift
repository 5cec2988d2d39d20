import Foundation
import FrameDraw
import MovieKitCore

/// What one transition does to the slides it joins: geometric effects as timed properties and
/// masks drawn with Cairo, and the per-pixel ones (pixelize, horizontal blur) as an overlay layer
/// that reworks the composed frame while the transition runs.
struct TransitionEffect {
    let kind: TransitionKind
    let window: TransitionWindow
    let canvas: CGSize
    let seed: UInt64

    func apply(outgoing: inout SlideEffects, incoming: inout SlideEffects, overlays: inout [Layer]) {
        let window = self.window
        let size = canvas
        let progress: @Sendable (Double) -> Double = { window.progress($0) }
        switch kind {
        case .cut, .random:
            break
        case .crossfade:
            incoming.opacity.append(progress)
        case .fadeBlack, .fadeWhite:
            incoming.opacity.append { progress($0) < 0.5 ? 0 : 1 }
            var veil = Layer(.rect)
            veil.size = .constant(size)
            veil.fill = .color(.constant(kind == .fadeBlack ? .black : .white))
            veil.inPoint = window.start
            veil.outPoint = window.start + window.duration
            veil.opacity = Animated(kind: .tween) { 1 - abs(2 * progress($0) - 1) }
            overlays.append(veil)
        case .wipeLeft, .wipeRight, .wipeUp, .wipeDown:
            incoming.mask = Mask(wipeMask(progress))
        case .slideLeft, .slideRight, .slideUp, .slideDown:
            let direction: CGPoint =
                switch kind {
                case .slideLeft: CGPoint(x: -size.width, y: 0)
                case .slideRight: CGPoint(x: size.width, y: 0)
                case .slideUp: CGPoint(x: 0, y: -size.height)
                default: CGPoint(x: 0, y: size.height)
                }
            outgoing.offset.append {
                let p = progress($0)
                return CGPoint(x: direction.x * p, y: direction.y * p)
            }
            incoming.offset.append {
                let p = progress($0) - 1
                return CGPoint(x: direction.x * p, y: direction.y * p)
            }
        case .circleOpen, .circleClose:
            let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
            var circle = Layer(.ellipse)
            circle.fill = .color(.constant(.white))
            circle.position = .constant(CGPoint(x: size.width / 2, y: size.height / 2))
            if kind == .circleOpen {
                circle.size = Animated(kind: .tween) {
                    let d = diagonal * progress($0)
                    return CGSize(width: d, height: d)
                }
                incoming.mask = Mask(circle)
            } else {
                circle.size = Animated(kind: .tween) {
                    let d = diagonal * (1 - progress($0))
                    return CGSize(width: d, height: d)
                }
                incoming.mask = Mask(circle, inverted: true)
            }
        case .radial:
            incoming.mask = Mask(
                customMask { context, time in
                    let p = progress(time)
                    guard p > 0 else { return }
                    let center = CGPoint(x: size.width / 2, y: size.height / 2)
                    let radius = (size.width * size.width + size.height * size.height).squareRoot()
                    context.move(to: center)
                    context.addArc(
                        center: center, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * p,
                        clockwise: true)
                    context.closePath()
                    context.fillPath()
                })
        case .dissolve:
            let cell = max(4.0, (min(size.width, size.height) / 45).rounded())
            let columns = Int((size.width / cell).rounded(.up))
            let rows = Int((size.height / cell).rounded(.up))
            let order = Self.shuffledCells(count: columns * rows, seed: seed)
            incoming.mask = Mask(
                customMask { context, time in
                    let shown = Int((progress(time) * Double(order.count)).rounded())
                    for position in order.prefix(shown) {
                        context.addRect(
                            CGRect(
                                x: Double(position % columns) * cell, y: Double(position / columns) * cell, width: cell,
                                height: cell))
                    }
                    context.fillPath()
                })
        case .diagonalTopLeft, .diagonalTopRight, .diagonalBottomLeft, .diagonalBottomRight:
            let flipX = kind == .diagonalTopRight || kind == .diagonalBottomRight
            let flipY = kind == .diagonalBottomLeft || kind == .diagonalBottomRight
            incoming.mask = Mask(
                customMask { context, time in
                    // The region x/W + y/H < 2p, measured from the chosen corner.
                    let reach = 2 * progress(time)
                    guard reach > 0 else { return }
                    func point(_ u: Double, _ v: Double) -> CGPoint {
                        CGPoint(x: (flipX ? 1 - u : u) * size.width, y: (flipY ? 1 - v : v) * size.height)
                    }
                    context.move(to: point(0, 0))
                    context.addLine(to: point(reach, 0))
                    context.addLine(to: point(0, reach))
                    context.closePath()
                    context.fillPath()
                })
        case .zoomIn:
            incoming.opacity.append(progress)
            outgoing.scale.append { 1 + 0.6 * progress($0) }
        case .pixelize:
            incoming.opacity.append { progress($0) < 0.5 ? 0 : 1 }
            overlays.append(
                frameOverlay { context, time in
                    // Blocks grow to 1/16 of the short side at the midpoint, then shrink again.
                    let strength = 1 - abs(2 * progress(time) - 1)
                    let block = max(1, (strength * min(size.width, size.height) / 16).rounded())
                    guard block > 1, let frame = try? context.makeImage(),
                        let small = try? frame.resized(
                            to: CGSize(
                                width: max(1, (size.width / block).rounded()),
                                height: max(1, (size.height / block).rounded())), quality: .low)
                    else { return }
                    context.setInterpolationQuality(.none)
                    context.setBlendMode(.copy)
                    context.draw(small, in: CGRect(origin: .zero, size: size))
                })
        case .horizontalBlur:
            incoming.opacity.append(progress)
            overlays.append(
                frameOverlay { context, time in
                    let radius = sin(.pi * progress(time)) * size.width * 0.03
                    guard radius >= 1, let frame = try? context.makeImage() else { return }
                    // Equal taps across ±radius: each new tap drawn at 1/(n+1) keeps all taps equal.
                    let taps = 9
                    context.setBlendMode(.copy)
                    context.draw(frame, at: CGPoint(x: -radius, y: 0))
                    context.setBlendMode(.normal)
                    for tap in 1..<taps {
                        let shift = -radius + 2 * radius * Double(tap) / Double(taps - 1)
                        context.setAlpha(1 / Double(tap + 1))
                        context.draw(frame, at: CGPoint(x: shift, y: 0))
                    }
                })
        }
    }

    /// A rectangle growing from the edge the wipe starts at.
    private func wipeMask(_ progress: @escaping @Sendable (Double) -> Double) -> Layer {
        let size = canvas
        let kind = self.kind
        var rect = Layer(.rect)
        rect.fill = .color(.constant(.white))
        let anchor: CGPoint =
            switch kind {
            case .wipeLeft: CGPoint(x: 1, y: 0.5)
            case .wipeRight: CGPoint(x: 0, y: 0.5)
            case .wipeUp: CGPoint(x: 0.5, y: 1)
            default: CGPoint(x: 0.5, y: 0)
            }
        rect.anchor = .constant(anchor)
        rect.position = .constant(CGPoint(x: anchor.x * size.width, y: anchor.y * size.height))
        let horizontal = kind == .wipeLeft || kind == .wipeRight
        rect.size = Animated(kind: .tween) { time in
            let p = progress(time)
            return horizontal
                ? CGSize(width: size.width * p, height: size.height)
                : CGSize(width: size.width, height: size.height * p)
        }
        return rect
    }

    /// A mask drawn by hand: whatever `draw` fills is kept.
    private func customMask(_ draw: @escaping @Sendable (DrawingContext, Double) -> Void) -> Layer {
        var layer = Layer(
            .custom(
                CustomDrawing { context, time in
                    context.setFillColor(.white)
                    draw(context, time)
                }))
        layer.size = .constant(canvas)
        return layer
    }

    /// A layer over the whole frame during the transition, reworking what is drawn below it.
    private func frameOverlay(_ draw: @escaping @Sendable (DrawingContext, Double) -> Void) -> Layer {
        var layer = Layer(.custom(CustomDrawing(draw)))
        layer.size = .constant(canvas)
        layer.inPoint = window.start
        layer.outPoint = window.start + window.duration
        return layer
    }

    /// The cells 0..<count in a random order fixed by `seed` (SplitMix64 driving Fisher–Yates).
    static func shuffledCells(count: Int, seed: UInt64) -> [Int] {
        var cells = Array(0..<count)
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for index in stride(from: count - 1, to: 0, by: -1) {
            cells.swapAt(index, Int(next() % UInt64(index + 1)))
        }
        return cells
    }
}
