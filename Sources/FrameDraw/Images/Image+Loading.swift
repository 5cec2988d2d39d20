import Foundation
internal import LibAV

extension Image {
    /// Loads the first picture of an image file, turned upright according to its EXIF orientation.
    ///
    /// JPEG (baseline, progressive, greyscale, CMYK), PNG (8- and 16-bit, palette, alpha), WebP
    /// (lossy and lossless, with alpha), BMP, TIFF and GIF (first frame) are decoded with libavcodec
    /// and converted with libswscale. The format is recognised from the file's first bytes, not its name.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - maxPixelSize: When set, the image is scaled down while loading so that its longest side
    ///     is at most this many pixels, keeping the aspect ratio. Smaller images are never enlarged.
    ///     Opaque pictures are scaled straight from the decoded data, so a large photo is never held
    ///     as full-size ARGB.
    /// - Throws: `FrameDrawError.unreadableImage` naming the file and saying what went wrong: it is
    ///   missing, unreadable, a directory, empty, truncated, damaged, not an image, or in a format
    ///   FrameDraw does not decode (such as HEIC). `.imageTooLarge` when its header declares more
    ///   pixels than FFmpeg can decode (checked before decoding), and `.outOfMemory`.
    public convenience init(contentsOf url: URL, maxPixelSize: Int? = nil) throws {
        precondition(maxPixelSize.map { $0 > 0 } ?? true, "maxPixelSize must be at least 1.")
        let path = url.path(percentEncoded: false)
        let data = try Self.readImageFile(at: url, path: path)
        let format: ImageFileFormat
        switch ImageFileFormat.recognize(data) {
        case .supported(let recognized):
            format = recognized
        case .unsupported(let name):
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "The file is in \(name) format, which FrameDraw cannot decode; convert it to JPEG or PNG first."
            )
        case .unknown:
            let head = data.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "The file is not a JPEG, PNG, WebP, BMP, TIFF or GIF image (it starts with bytes \(head)); check that its contents match its extension, or convert it to PNG."
            )
        }
        guard format.looksComplete(data) else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "The \(format.rawValue.uppercased()) data ends early (the file has \(data.count) bytes); it is probably truncated. Export or download it again."
            )
        }
        if let size = ImageHeader.pixelSize(of: data, format: format), !PictureLimits.isDecodable(width: size.width, height: size.height) {
            throw FrameDrawError.imageTooLarge(
                path: path, width: size.width, height: size.height, limit: "FFmpeg's limit of about 16000x16000 pixels")
        }
        let orientation = ExifOrientation(imageFile: data)
        let decoded = try ImageFileDecoder.decode(path: path, format: format, maxPixelSize: maxPixelSize)
        try self.init(surface: orientation.applied(to: consume decoded))
    }

    /// Reads the whole file (memory-mapped when possible), turning each failure into a specific reason.
    private static func readImageFile(at url: URL, path: String) throws -> Data {
        guard url.isFileURL else {
            throw FrameDrawError.unreadableImage(
                path: url.absoluteString, reason: "Only file URLs can be loaded; download the image and pass its file URL."
            )
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FrameDrawError.unreadableImage(path: path, reason: "No file exists at this path; check the spelling and the working directory.")
        }
        guard !isDirectory.boolValue else {
            throw FrameDrawError.unreadableImage(path: path, reason: "The path is a directory, not a file; pass the URL of an image file.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            throw FrameDrawError.unreadableImage(path: path, reason: "Permission to read the file was denied; check its permissions.")
        } catch {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "The file could not be read (\(error.localizedDescription)); check that it is a regular, readable file."
            )
        }
        guard !data.isEmpty else {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "The file is empty (0 bytes); it may not have finished copying or downloading."
            )
        }
        return data
    }
}
