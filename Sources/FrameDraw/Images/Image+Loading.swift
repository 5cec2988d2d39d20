import Foundation
internal import LibAV

extension Image {
    /// Loads the first picture of an image file, turned upright, scaled down to at most
    /// `maxPixelSize` on its longest side when that is set, with the default pixel limit.
    ///
    /// The same as `Image(contentsOf: url, options: ImageLoadingOptions(maxPixelSize: maxPixelSize))`:
    /// files declaring more than `ImageLoadingOptions.defaultMaximumPixelCount` (100 megapixels)
    /// are refused before decoding.
    /// - Parameters:
    ///   - url: A file URL.
    ///   - maxPixelSize: When set, the longest side of the loaded image, in pixels (at least 1).
    /// - Throws: The errors of `init(contentsOf:options:)`.
    public convenience init(contentsOf url: URL, maxPixelSize: Int? = nil) throws {
        try self.init(contentsOf: url, options: ImageLoadingOptions(maxPixelSize: maxPixelSize))
    }

    /// Loads the first picture of an image file, turned upright according to its orientation.
    ///
    /// JPEG (baseline, progressive, greyscale, CMYK), PNG (8- and 16-bit, palette, alpha), WebP
    /// (lossy and lossless, with alpha), BMP, TIFF and GIF (first frame) are decoded with libavcodec
    /// and converted with libswscale; HEIC/HEIF and AVIF (with alpha, 8 to 12 bits) with libheif;
    /// SVG is drawn by librsvg at its `width` and `height` (96 pixels per inch) or its `viewBox`,
    /// directly at the smaller size when `maxPixelSize` scales it down.
    /// The format is recognised from the file's first bytes, not its name.
    ///
    /// Before anything is decoded, the picture's size is read from the file's header and checked
    /// against `options.maximumPixelCount`. JPEG, PNG, WebP and TIFF orientation comes from their EXIF
    /// data; HEIC and AVIF carry their own rotation and mirroring, which libheif applies (their EXIF
    /// orientation tag is ignored, as HEIF requires, so nothing is turned twice).
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - options: The pixel limit and `maxPixelSize`; see `ImageLoadingOptions` for how much
    ///     memory each format takes while it is scaled down.
    /// - Throws: `FrameDrawError.unreadableImage` naming the file and saying what went wrong: it is
    ///   missing, unreadable, a directory, empty, truncated, damaged (including a PNG chunk whose
    ///   checksum fails, or a header that states no size), not an image, or in a format FrameDraw
    ///   does not decode (such as JPEG XL). `.imageExceedsPixelLimit` when its header declares more
    ///   pixels than `options.maximumPixelCount`; `.imageTooLarge` when it declares more than FFmpeg
    ///   can decode or a FrameDraw image can hold (both checked before decoding); and `.outOfMemory`.
    public convenience init(contentsOf url: URL, options: ImageLoadingOptions) throws {
        precondition(options.maximumPixelCount > 0, "ImageLoadingOptions.maximumPixelCount must be at least 1.")
        precondition(
            options.maxPixelSize.map { $0 > 0 } ?? true, "ImageLoadingOptions.maxPixelSize must be at least 1.")
        let path = url.path(percentEncoded: false)
        let (data, fileCopy) = try Self.readImageFile(at: url, path: path)
        try self.init(surface: Self.decoded(data, path: path, wholeFile: fileCopy, inMemory: false, options: options))
    }

    /// Decodes the first picture of an image file's bytes in memory, as `init(contentsOf:options:)`
    /// decodes a file: the same formats, recognised from the first bytes, the same checks and limits,
    /// turned upright; no file is written or read.
    ///
    /// Use it for pictures that arrive as bytes: embedded in a document (a `data:` URI), inside an
    /// archive, or downloaded.
    /// - Parameters:
    ///   - data: The bytes of an image file.
    ///   - name: What the bytes are, named in errors where a file's path would be: where they came from.
    ///   - options: The pixel limit and `maxPixelSize`.
    /// - Throws: The errors of `init(contentsOf:options:)` for the same problems, naming `name`.
    public convenience init(
        data: Data, name: String = "image data", options: ImageLoadingOptions = ImageLoadingOptions()
    ) throws {
        precondition(options.maximumPixelCount > 0, "ImageLoadingOptions.maximumPixelCount must be at least 1.")
        precondition(
            options.maxPixelSize.map { $0 > 0 } ?? true, "ImageLoadingOptions.maxPixelSize must be at least 1.")
        guard !data.isEmpty else {
            throw FrameDrawError.unreadableImage(path: name, reason: "The data is empty (0 bytes).")
        }
        try self.init(surface: Self.decoded(data, path: name, wholeFile: nil, inMemory: true, options: options))
    }

    /// The upright picture of an image file's bytes: from the file at `path` (read again by the
    /// decoders that read files, with `wholeFile` its copy when it has one), or from `data` alone when
    /// `inMemory`, when `path` only names it in errors.
    private static func decoded(
        _ data: Data, path: String, wholeFile: FileCopy?, inMemory: Bool, options: ImageLoadingOptions
    ) throws -> CairoSurface {
        let format = try recognizedFormat(of: data, path: path)
        try checkComplete(data, format: format, path: path)
        switch format {
        case .heif, .avif:
            return try HEIFDecoder.decode(path: path, data: inMemory ? data : nil, format: format, options: options)
        case .svg:
            return try SVGDecoder.decode(path: path, data: data, options: options)
        case .jpeg, .png, .webp, .bmp, .tiff, .gif:
            break
        }
        let size = try checkedSize(of: data, format: format, path: path, options: options)
        let orientation = ExifOrientation(imageFile: data)
        let decoded = try ImageFileDecoder.decode(
            path: path, data: data, wholeFile: wholeFile, format: format, storedSize: size, options: options,
            inMemory: inMemory)
        return try orientation.applied(to: consume decoded)
    }

    /// Checks an image file without decoding it: that it exists and is readable, is in a format
    /// FrameDraw decodes, is not cut short, and declares a size within `options`' limits. Use it to
    /// check many files up front, before work that would otherwise fail half-way.
    /// - Returns: The picture's stored size (before its orientation is applied), or `nil` for HEIC
    ///   and AVIF, whose size libheif reads when the file is decoded.
    /// - Throws: The same errors as `init(contentsOf:options:)` for these checks.
    @discardableResult
    public static func checkFile(at url: URL, options: ImageLoadingOptions = ImageLoadingOptions()) throws -> CGSize? {
        let path = url.path(percentEncoded: false)
        let (data, _) = try readImageFile(at: url, path: path)
        let format = try recognizedFormat(of: data, path: path)
        try checkComplete(data, format: format, path: path)
        if format == .svg {
            let size = try SVGDecoder.checkedSize(of: SVGDocument(data: data, path: path), options: options)
            return CGSize(width: size.width, height: size.height)
        }
        guard format.demuxerName != nil else { return nil }
        let size = try checkedSize(of: data, format: format, path: path, options: options)
        return CGSize(width: size.width, height: size.height)
    }

    /// Throws when the file's structure ends before its end marker.
    private static func checkComplete(_ data: Data, format: ImageFileFormat, path: String) throws {
        guard format.looksComplete(data) else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason:
                    "The \(format.displayName) data ends early (the file has \(data.count) bytes); it is probably truncated. Export or download it again."
            )
        }
    }

    /// The size the header declares, checked against FFmpeg's limit and `options`' pixel limit.
    private static func checkedSize(
        of data: Data, format: ImageFileFormat, path: String, options: ImageLoadingOptions
    ) throws -> (width: Int, height: Int) {
        guard let size = ImageHeader.pixelSize(of: data, format: format) else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason:
                    "The \(format.displayName) header does not state a valid picture size, so the file is damaged or truncated; export or download it again."
            )
        }
        guard PictureLimits.isDecodable(width: size.width, height: size.height) else {
            throw FrameDrawError.imageTooLarge(
                path: path, width: size.width, height: size.height, limit: "FFmpeg's limit of about 16000x16000 pixels")
        }
        try options.checkPixelCount(path: path, width: size.width, height: size.height)
        return size
    }

    /// The format the file's first bytes show.
    /// - Throws: `FrameDrawError.unreadableImage` for a known format FrameDraw does not decode, or for
    ///   data that is no image at all.
    private static func recognizedFormat(of data: Data, path: String) throws -> ImageFileFormat {
        switch ImageFileFormat.recognize(data) {
        case .supported(let format):
            return format
        case .unsupported(let name):
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "The file is in \(name) format, which FrameDraw cannot decode; convert it to JPEG or PNG first."
            )
        case .unknown:
            let head = data.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
            throw FrameDrawError.unreadableImage(
                path: path,
                reason:
                    "The file is not a JPEG, PNG, WebP, BMP, TIFF, GIF, HEIC, AVIF or SVG image (it starts with bytes \(head)); check that its contents match its extension, or convert it to PNG."
            )
        }
    }

    /// Reads the whole file, turning each failure into a specific reason. A file of 1 MB or more is copied
    /// into a mapping of its own (`FileCopy`), which is also returned so that its decoder can take the bytes
    /// without another copy; a smaller one is read by Foundation.
    private static func readImageFile(at url: URL, path: String) throws -> (Data, FileCopy?) {
        guard url.isFileURL else {
            throw FrameDrawError.unreadableImage(
                path: url.absoluteString,
                reason: "Only file URLs can be loaded; download the image and pass its file URL."
            )
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "No file exists at this path; check the spelling and the working directory.")
        }
        guard !isDirectory.boolValue else {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "The path is a directory, not a file; pass the URL of an image file.")
        }
        let data: Data
        let copy = FileCopy.read(path: path)
        do {
            data = try copy?.data ?? Data(contentsOf: url, options: .mappedIfSafe)
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "Permission to read the file was denied; check its permissions.")
        } catch {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason:
                    "The file could not be read (\(error.localizedDescription)); check that it is a regular, readable file."
            )
        }
        guard !data.isEmpty else {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "The file is empty (0 bytes); it may not have finished copying or downloading."
            )
        }
        return (data, copy)
    }
}
