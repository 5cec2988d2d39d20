// URLSession on Linux leaks libcurl blocks for every session; this shows it without MovieKit.
//   swiftc -sanitize=address -g URLSessionCurl.swift -o /tmp/urlsession-curl
//   ASAN_OPTIONS=detect_leaks=1 /tmp/urlsession-curl   # 12 blocks in libcurl.so for 3 sessions
// Each session makes one request to a closed local port and is invalidated (Swift 6.3.1, Debian 12's
// libcurl 7.88).
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        done.signal()
    }
}
for _ in 0..<3 {
    let delegate = Delegate()
    let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
    session.dataTask(with: URL(string: "http://127.0.0.1:9/x")!).resume()
    delegate.done.wait()
    session.finishTasksAndInvalidate()
}
Thread.sleep(forTimeInterval: 0.5)
