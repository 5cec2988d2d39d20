import Foundation

@testable import FrameDraw

/// Makes HEIC and AVIF files at test time with libheif's `heif-enc` (Debian libheif-examples, installed
/// by scripts/install-deps.sh), from PNGs that FrameDraw writes itself.
enum HEIFTestFiles {
    struct EncodingFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The `heif-enc` executable, or `nil` when it is not installed.
    static let encoderPath: String? = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why HEIF tests cannot run here, or `nil` when they can.
    static var unavailableReason: String? {
        encoderPath == nil
            ? "heif-enc is not installed; run scripts/install-deps.sh (it installs libheif-examples)." : nil
    }

    /// Encodes `image` as HEIC (`.heic`) or AVIF (`.avif`, chosen by `name`'s extension) in `directory`.
    /// - Parameters:
    ///   - quality: heif-enc's lossy quality, 0–100.
    ///   - exifOrientation: When set, the image goes through a JPEG carrying this EXIF orientation, which
    ///     heif-enc copies into the file's EXIF block without rotating the picture (libheif 1.15).
    static func encode(
        _ image: Image, as name: String, in directory: TemporaryDirectory, quality: Int = 92,
        exifOrientation: Int? = nil
    ) throws -> URL {
        guard let encoderPath else { throw EncodingFailed(description: unavailableReason ?? "") }
        let input: URL
        if let exifOrientation {
            let jpeg = try TestJPEG.encode(width: image.width, height: image.height) { x, y in
                let pixel = image.storedPixel(x: x, y: y)
                return (pixel.red, pixel.green, pixel.blue)
            }
            input = try directory.write(TestJPEG.withOrientation(jpeg, exifOrientation), to: name + ".source.jpg")
        } else {
            input = directory.file(name + ".source.png")
            try image.write(to: input)
        }
        let output = directory.file(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: encoderPath)
        process.arguments = ["-q", String(quality), input.path, "-o", output.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw EncodingFailed(description: "heif-enc failed: " + String(decoding: message, as: UTF8.self))
        }
        return output
    }

    /// Gives the primary picture a rotation property (`irot`) of `quarterTurns` × 90° anticlockwise, in
    /// place of its 16-byte `pixi` property: the box keeps its size and its slot in `ipco`, so every
    /// offset and association stays valid; libheif reads the angle from the first payload byte and
    /// skips the rest. heif-enc writes a `pixi` for the primary picture of HEIC files.
    static func withRotation(_ heic: Data, quarterTurns: Int) throws -> Data {
        let pixi: [UInt8] = [0, 0, 0, 16] + Array("pixi".utf8)
        guard let range = heic.firstRange(of: Data(pixi)) else {
            throw EncodingFailed(description: "The HEIC file has no 16-byte pixi box to replace.")
        }
        var patched = heic
        let irot: [UInt8] =
            [0, 0, 0, 16] + Array("irot".utf8) + [UInt8(quarterTurns & 3)] + [UInt8](repeating: 0, count: 7)
        patched.replaceSubrange(range.lowerBound..<(range.lowerBound + 16), with: irot)
        return patched
    }
}
