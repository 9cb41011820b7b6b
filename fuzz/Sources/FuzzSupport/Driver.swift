import CLibFuzzer

/// Runs libFuzzer's driver over `callback` with the program's arguments.
///
/// SwiftPM links every executable with `main` defined as `<module>_main` (so that tests can call an executable's
/// code), which leaves libFuzzer's own `main` unused. Each target therefore defines `<module>_main` with `@_cdecl`
/// and hands over to this, which is what libFuzzer's `main` does.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
