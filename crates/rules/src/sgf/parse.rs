//! SGF syntax: text to a tree of nodes holding raw properties. Nothing here knows Go.
//!
//! The grammar is FF[4]'s — `( ;node ;node … (variation) (variation) )` — read as loosely as
//! real files need and no more loosely than is safe:
//! - anything before the first `(` that opens a node is skipped (mail headers, a byte-order
//!   mark decoded to U+FEFF, stray text);
//! - property names keep only their upper-case letters, so FF[1]/FF[3] long names read as their
//!   FF[4] short form (`AddBlack` is `AB`, `White` is `W`), as every reader since FF[3] does;
//! - a file that ends where only closing parentheses are missing is complete: they are closed;
//! - a file that ends inside a property value is cut off and refused ([`SgfReason::Truncated`]);
//! - only the first game tree is read; later ones in a collection are ignored.
//!
//! The parser is a loop over characters with an explicit stack, so no input (say a million `(`)
//! can overflow the call stack.

use super::{SgfError, SgfReason};

/// One property as written: its identifier and its values, with escapes (`\]`, `\\`) and soft
/// line breaks (`\` before a newline) removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Property {
    pub id: String,
    pub values: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub properties: Vec<Property>,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
}

/// Parses the first game tree in `text` into nodes; node 0 is the root and every node's
/// children come after it.
pub(crate) fn parse(text: &str) -> Result<Vec<Node>, SgfError> {
    let mut p = Parser {
        chars: text.chars().peekable(),
        line: 1,
    };
    let opening = p.skip_to_game()?;
    let mut nodes: Vec<Node> = Vec::new();
    // For each open `(`: the node its first node hangs from (`None` for the root). The loop
    // ends when it empties, so `)` always has one to close.
    let mut open: Vec<Option<usize>> = vec![None; opening];
    // The node the next `;` hangs from.
    let mut current: Option<usize> = None;
    loop {
        p.skip_whitespace();
        let Some(c) = p.peek() else {
            // Missing `)` at the end: the tree is complete as far as it goes.
            break;
        };
        match c {
            '(' => {
                p.next();
                open.push(current);
            }
            ')' => {
                p.next();
                current = open.pop().expect("an open tree");
                if open.is_empty() {
                    break;
                }
            }
            ';' => {
                p.next();
                if current.is_none() && !nodes.is_empty() {
                    // A second root: the next game of a collection.
                    break;
                }
                let index = nodes.len();
                nodes.push(Node {
                    properties: Vec::new(),
                    parent: current,
                    children: Vec::new(),
                });
                if let Some(parent) = current {
                    nodes[parent].children.push(index);
                }
                current = Some(index);
            }
            c if c.is_ascii_alphabetic() => {
                let line = p.line;
                let property = p.property()?;
                let node = current.ok_or(SgfError::file(SgfReason::Syntax { line, found: c }))?;
                nodes[node].properties.push(property);
            }
            found => return Err(SgfError::file(SgfReason::Syntax { line: p.line, found })),
        }
    }
    if nodes.is_empty() {
        return Err(SgfError::file(SgfReason::NoGame));
    }
    Ok(nodes)
}

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    /// The line of the next character, from 1.
    line: usize,
}

impl Parser<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
    }

    /// Skips to the first `(` that a `;` follows, reading the `(` and returning how many there
    /// were in a row (`((;` is a game too, its root inside a variation).
    fn skip_to_game(&mut self) -> Result<usize, SgfError> {
        loop {
            while self.peek().is_some_and(|c| c != '(') {
                self.next();
            }
            let mut opening = 0;
            loop {
                match self.peek() {
                    None => return Err(SgfError::file(SgfReason::NoGame)),
                    Some('(') => opening += 1,
                    Some(';') => return Ok(opening),
                    Some(c) if c.is_whitespace() => {}
                    Some(_) => break,
                }
                self.next();
            }
        }
    }

    /// An identifier and its values; the next character is a letter.
    fn property(&mut self) -> Result<Property, SgfError> {
        let mut id = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            self.next();
            if c.is_ascii_uppercase() {
                id.push(c);
            }
        }
        let mut values = Vec::new();
        loop {
            self.skip_whitespace();
            if self.peek() != Some('[') {
                break;
            }
            self.next();
            values.push(self.value()?);
        }
        if values.is_empty() {
            let found = self.peek().unwrap_or(' ');
            return Err(SgfError::file(SgfReason::Syntax {
                line: self.line,
                found,
            }));
        }
        Ok(Property { id, values })
    }

    /// A value's text after its `[`, through its closing `]`.
    fn value(&mut self) -> Result<String, SgfError> {
        let start = self.line;
        let mut text = String::new();
        loop {
            match self.next() {
                None => return Err(SgfError::file(SgfReason::Truncated { line: start })),
                Some(']') => return Ok(text),
                Some('\\') => match self.next() {
                    None => return Err(SgfError::file(SgfReason::Truncated { line: start })),
                    // A soft line break: `\` and the newline (any of \n, \r, \r\n, \n\r) vanish.
                    Some(n @ ('\n' | '\r')) => {
                        let pair = if n == '\n' { '\r' } else { '\n' };
                        if self.peek() == Some(pair) {
                            self.next();
                        }
                    }
                    Some(c) => text.push(c),
                },
                Some(c) => text.push(c),
            }
        }
    }
}
