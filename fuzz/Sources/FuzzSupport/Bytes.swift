import Foundation

/// libFuzzer's input as a buffer (`data` is `nil` for the empty input).
@inline(__always)
public func inputBuffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
}

/// libFuzzer's input copied into `Data`.
@inline(__always)
public func inputData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Data {
    size > 0 && data != nil ? Data(bytes: data!, count: size) : Data()
}
