import Foundation
import FrameDraw
import MovieKitLottie
import MovieKitScene

extension ReaderFuzzChecks {
    /// Reads `data` as a Lottie JSON file, a Telegram sticker and a dotLottie, and draws the first
    /// frame of what reads at 32x32 pixels.
    public static func lottie(_ data: Data) -> String? {
        for ext in ["json", "tgs", "lottie"] {
            let url = baseURL.appendingPathComponent("fuzz.\(ext)")
            do {
                try data.write(to: url)
            } catch {
                return nil  // Nothing to check when the input cannot be written.
            }
            defer { try? FileManager.default.removeItem(at: url) }
            let content: LottieContent
            do {
                content = try LottieContent(contentsOf: url)
            } catch let error as LottieError {
                guard error.description.contains(url.path) else {
                    return "LottieContent (\(ext))'s message does not name the file: \(error)"
                }
                continue
            } catch {
                return "LottieContent (\(ext)) threw \(type(of: error)), not a LottieError: \(error)"
            }
            let scene = content.scene
            guard scene.canvas.width > 0, scene.canvas.height > 0, scene.canvas.duration > 0 else {
                return
                    "LottieContent (\(ext)) gave the canvas \(scene.canvas.width)x\(scene.canvas.height) lasting \(scene.canvas.duration) s."
            }
            do {
                _ = try SceneRenderer(scene: scene).image(at: 0, size: CGSize(width: 32, height: 32))
            } catch {
                return "Drawing the first frame of a Lottie (\(ext)) failed: \(error)"
            }
        }
        return nil
    }
}
