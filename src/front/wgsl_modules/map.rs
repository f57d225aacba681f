//! Where each byte of a composed text came from: pieces of the shader
//! and its modules, copied as they are or replaced (a renamed name, a
//! substituted def), which take spans back to the file and place a
//! diagnostic should show.

use std::ops::Range;
use std::sync::Arc;

use shaderxform_passes::{Label, SourceFile};

use crate::diagnostics::Diagnostic;

/// A run of the composed text and what it stands for.
#[derive(Clone, Debug)]
pub struct Piece {
    composed: Range<usize>,
    file: usize,
    original: Range<usize>,
    /// Copied byte for byte, so that offsets inside map one to one;
    /// otherwise a replacement, all of which stands for all of `original`.
    verbatim: bool,
}

#[derive(Default)]
pub struct Builder {
    text: String,
    pieces: Vec<Piece>,
}

impl Builder {
    pub fn push_text(&mut self, text: &str) {
        self.text.push_str(text);
    }

    pub fn push_verbatim(&mut self, file: usize, source: &str, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.push_str(&source[range.clone()]);
        self.pieces.push(Piece {
            composed: start..self.text.len(),
            file,
            original: range,
            verbatim: true,
        });
    }

    pub fn push_replacement(&mut self, file: usize, original: Range<usize>, text: &str) {
        let start = self.text.len();
        self.text.push_str(text);
        self.pieces.push(Piece {
            composed: start..self.text.len(),
            file,
            original,
            verbatim: false,
        });
    }

    pub fn finish(self) -> (String, Vec<Piece>) {
        (self.text, self.pieces)
    }
}

/// Takes spans of a composed text back to the shader (file 0) and the
/// modules it imports.
#[derive(Clone, Debug)]
pub struct ModuleMap {
    pieces: Vec<Piece>,
    files: Vec<Arc<SourceFile>>,
    /// For each file, the `#import` of the shader that led to it.
    import_sites: Vec<Range<usize>>,
}

impl ModuleMap {
    /// A map of a composed text: `pieces` in composed-text order, `files`
    /// indexed as the pieces name them (the shader first), and for each
    /// file the range of the shader's `#import` that led to it.
    pub(crate) fn new(
        pieces: Vec<Piece>,
        files: Vec<Arc<SourceFile>>,
        import_sites: Vec<Range<usize>>,
    ) -> Self {
        ModuleMap {
            pieces,
            files,
            import_sites,
        }
    }

    fn piece_at(&self, offset: usize) -> Option<&Piece> {
        let i = self.pieces.partition_point(|p| p.composed.end <= offset);
        self.pieces.get(i).filter(|p| p.composed.start <= offset)
    }

    /// The file and span of a span of the composed text.
    pub fn original(&self, span: naga::Span) -> Option<(usize, naga::Span)> {
        let range = span.to_range()?;
        // The end of the text (where a parser that ran out of it points)
        // is the end of the last piece.
        let first = self
            .piece_at(range.start)
            .or_else(|| self.pieces.last().filter(|p| p.composed.end == range.start))?;
        let start = if first.verbatim {
            first.original.start + (range.start - first.composed.start)
        } else {
            first.original.start
        };
        let last = self
            .piece_at(range.end.saturating_sub(1).max(range.start))
            .filter(|p| p.file == first.file);
        let end = match last {
            Some(p) if p.verbatim => {
                p.original.start + (range.end - p.composed.start).min(p.original.len())
            }
            Some(p) => p.original.end,
            None => first.original.end,
        };
        Some((
            first.file,
            naga::Span::new(start as u32, end.max(start) as u32),
        ))
    }

    /// A span in the shader: itself, or for a module's, the shader's
    /// `#import` that led to it.
    pub fn in_shader(&self, span: naga::Span) -> naga::Span {
        match self.original(span) {
            Some((0, span)) => span,
            Some((file, _)) => {
                let site = &self.import_sites[file];
                naga::Span::new(site.start as u32, site.end as u32)
            }
            None => naga::Span::default(),
        }
    }

    /// A diagnostic on the composed text with each label in its file;
    /// what a label that lies nowhere said becomes a note.
    pub fn locate(&self, mut diagnostic: Diagnostic) -> Diagnostic {
        let mut said = Vec::new();
        for label in std::mem::take(&mut diagnostic.labels) {
            if label.file.is_some() {
                diagnostic.labels.push(label);
                continue;
            }
            match self.original(label.span) {
                Some((file, span)) => diagnostic.labels.push(Label {
                    span,
                    file: (file > 0).then(|| self.files[file].clone()),
                    ..label
                }),
                None if !label.message.is_empty() => said.push(label.message),
                None => {}
            }
        }
        diagnostic.notes.splice(0..0, said);
        // Messages name items as the code does, not by their renamed names.
        diagnostic.message = super::demangle(&diagnostic.message);
        for text in diagnostic
            .notes
            .iter_mut()
            .chain(diagnostic.labels.iter_mut().map(|l| &mut l.message))
        {
            *text = super::demangle(text);
        }
        diagnostic
    }
}
