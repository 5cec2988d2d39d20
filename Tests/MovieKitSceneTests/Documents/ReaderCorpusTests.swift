import Foundation
import MovieKitScene
import ReaderFuzzChecks
import Testing

/// Replays every committed input of the readers' fuzz targets (Fuzz/Corpus/FuzzSceneFile,
/// FuzzSlideshowManifest and FuzzEditlySpec) through ReaderFuzzChecks, the checks the targets
/// run, in the ordinary suite. An input that once broke a reader goes into its target's folder,
/// named `regression-…`, when the bug is fixed, and stays here as a regression test. The other
/// files are seeds, which must stay valid documents: each reads from its file without an error.
@Suite("Reader fuzzing corpus")
struct ReaderCorpusTests {
    static let corpus = PackagePaths.root.appendingPathComponent("Fuzz/Corpus")

    /// Every committed input of `target`, as `target/name`.
    static func inputs(_ target: String) -> [String] {
        let url = corpus.appendingPathComponent(target)
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted().map {
            "\(target)/\($0)"
        }
    }

    /// The seeds of `target`: its inputs that are not regression inputs.
    static func seeds(_ target: String) -> [String] {
        inputs(target).filter { !($0.split(separator: "/").last ?? "").hasPrefix("regression-") }
    }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: corpus.appendingPathComponent(name)) }

    @Test func everyReaderTargetHasSeeds() {
        #expect(Self.seeds("FuzzSceneFile").count >= 3)
        #expect(Self.seeds("FuzzSlideshowManifest").count >= 3)
        #expect(Self.seeds("FuzzEditlySpec").count >= 3)
        #expect(Self.seeds("FuzzLottie").count >= 3)
    }

    @Test(arguments: inputs("FuzzLottie"))
    func lottieInput(_ name: String) throws {
        #expect(ReaderFuzzChecks.lottie(try Self.data(name)) == nil)
    }

    @Test(arguments: inputs("FuzzSceneFile"))
    func sceneFileInput(_ name: String) throws {
        #expect(ReaderFuzzChecks.sceneFile(try Self.data(name)) == nil)
    }

    @Test(arguments: inputs("FuzzSlideshowManifest"))
    func manifestInput(_ name: String) throws {
        #expect(ReaderFuzzChecks.slideshowManifest(try Self.data(name)) == nil)
    }

    @Test(arguments: inputs("FuzzEditlySpec"))
    func editlyInput(_ name: String) throws {
        #expect(ReaderFuzzChecks.editlySpec(try Self.data(name)) == nil)
    }

    @Test(arguments: seeds("FuzzSceneFile"))
    func sceneFileSeedReads(_ name: String) throws {
        let scene = try SceneFile.load(from: Self.corpus.appendingPathComponent(name))
        #expect(!scene.layers.isEmpty)
    }

    @Test(arguments: seeds("FuzzSlideshowManifest"))
    func manifestSeedReads(_ name: String) throws {
        let show = try SlideshowManifest.load(from: Self.corpus.appendingPathComponent(name))
        #expect(!show.slides.isEmpty)
    }

    @Test(arguments: seeds("FuzzEditlySpec"))
    func editlySeedReads(_ name: String) throws {
        let show = try EditlySpec.load(from: Self.corpus.appendingPathComponent(name))
        #expect(!show.slides.isEmpty)
    }
}
