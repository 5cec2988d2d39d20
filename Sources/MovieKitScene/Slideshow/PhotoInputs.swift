import Foundation
import FrameDraw

/// Finds the photos a slideshow's inputs name: files as given, and the image files in folders.
enum PhotoInputs {
    static let extensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "tif", "tiff", "bmp", "gif", "heic", "heif", "avif"
    ]

    /// The photos in `inputs`, in order: files where they stand, folders' photos sorted naturally
    /// ("img2" before "img10") or by capture date; hidden files are skipped.
    /// - Throws: ``SlideshowInputError/missingInput(path:)`` for an input that does not exist.
    static func collect(_ inputs: [URL], recursive: Bool, sortByDate: Bool) throws -> [URL] {
        var photos: [URL] = []
        for url in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw SlideshowInputError.missingInput(path: url.path)
            }
            if isDirectory.boolValue {
                photos += try folderPhotos(url, recursive: recursive)
            } else {
                photos.append(url)
            }
        }
        guard sortByDate else { return photos }
        let dated = photos.map { ($0, date(of: $0)) }
        return dated.sorted { $0.1 < $1.1 }.map(\.0)
    }

    private static func folderPhotos(_ folder: URL, recursive: Bool) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        var result: [URL] = []
        for name in names.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                if recursive { result += try folderPhotos(url, recursive: true) }
            } else if extensions.contains(url.pathExtension.lowercased()) || isClip(url) {
                result.append(url)
            }
        }
        return result
    }

    /// Whether `url` names a movie clip (MP4, MOV, M4V, WebM, MKV) rather than a photo.
    static func isClip(_ url: URL) -> Bool {
        VideoContent.fileExtensions.contains(url.pathExtension.lowercased())
    }

    /// When the photo was taken (EXIF), or else when the file was last changed.
    static func date(of url: URL) -> Date {
        Image.captureDate(ofFileAt: url)
            ?? (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
    }

    /// A caption such as "22 November 2026".
    static func dateCaption(for url: URL) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMMM yyyy"
        return formatter.string(from: date(of: url))
    }
}
