//! The `--flag value` command lines of the match and habits tools, read the same way: each
//! tool names its flags and says how it fails (its own usage line).

/// The command line's `--flag value` pairs, in order; a flag without a value fails.
pub fn pairs(fail: fn(&str) -> !) -> impl Iterator<Item = (String, String)> {
    let mut args = std::env::args().skip(1);
    std::iter::from_fn(move || {
        let flag = args.next()?;
        let value = args
            .next()
            .unwrap_or_else(|| fail(&format!("{flag} needs a value")));
        Some((flag, value))
    })
}

/// `value`, given for `flag`, as a number.
pub fn number<T: std::str::FromStr>(flag: &str, value: &str, fail: fn(&str) -> !) -> T {
    value
        .parse()
        .unwrap_or_else(|_| fail(&format!("{flag}: not a number: {value}")))
}
