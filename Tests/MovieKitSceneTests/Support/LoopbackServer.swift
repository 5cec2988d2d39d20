import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.0 server on 127.0.0.1 for download tests: it answers `GET /path` with the
/// response registered for the path, then closes the connection. It runs on a thread of its own,
/// which holds the server, until `stop()`: call it when the test ends.
final class LoopbackServer: Sendable {
    /// What the server sends for a path.
    struct Response: Sendable {
        var status = 200
        var body = Data()
        /// Seconds to wait before answering, to test timeouts.
        var delay: Double = 0
    }

    let port: UInt16
    private let socket: Int32
    private let responses: Mutex<[String: Response]>
    private let requests = Mutex<[String]>([])
    private let stopped = Mutex(false)
    /// How many connections are being answered.
    private let answering = Mutex(0)

    /// Listens on an ephemeral port of 127.0.0.1.
    init(_ responses: [String: Response]) throws {
        self.responses = Mutex(responses)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socket = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The paths requested so far.
    var requestedPaths: [String] { requests.withLock { $0 } }

    /// Stops accepting connections, ends the answers still waiting out a delay, and waits (at most
    /// two seconds) until none is left, so that nothing of the server outlives the test.
    func stop() {
        stopped.withLock { $0 = true }
        shutdown(socket, Int32(SHUT_RDWR))
        var waited = 0
        while answering.withLock({ $0 }) > 0, waited < 200 {
            Thread.sleep(forTimeInterval: 0.01)
            waited += 1
        }
    }

    deinit {
        stop()
        close(socket)
    }

    private func serve() {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            let thread = Thread { [self] in answer(client) }
            thread.start()
        }
    }

    private func answer(_ client: Int32) {
        answering.withLock { $0 += 1 }
        defer {
            close(client)
            answering.withLock { $0 -= 1 }
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            received += buffer[0..<count]
        }
        let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let path = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        requests.withLock { $0.append(path) }
        let response = responses.withLock { $0[path] } ?? Response(status: 404, body: Data("not found".utf8))
        var delayed = 0.0
        while delayed < response.delay {
            if stopped.withLock({ $0 }) { return }
            Thread.sleep(forTimeInterval: 0.01)
            delayed += 0.01
        }
        let head =
            "HTTP/1.0 \(response.status) \(response.status == 200 ? "OK" : "Error")\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + Array(response.body)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
