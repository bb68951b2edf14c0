"""Report writers: matplotlib figures (Agg, Figure API), self-contained HTML, Markdown and CSV."""
