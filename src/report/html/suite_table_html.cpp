#include "report/html/suite_table_html.h"

#include <fmt/format.h>

#include "report/html/html_text.h"

namespace bench {
namespace {

// The explanation without the punctuation that joins it to the name in the text.
std::string_view explanation_alone(std::string_view explanation) {
  while (!explanation.empty() && (explanation.front() == ':' || explanation.front() == ' ')) {
    explanation.remove_prefix(1);
  }
  return explanation;
}

std::string cells(const SuiteTable& table, const std::vector<std::string>& texts, std::string_view tag) {
  std::string row;
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    const std::string text = i < texts.size() ? html_text(texts[i]) : "";
    const bool number = tag == "td" && !table.columns[i].left;
    row += fmt::format("<{0}{1}>{2}</{0}>", tag, number ? " class=\"number\"" : "", text);
  }
  return row;
}

}  // namespace

std::string format_suite_table_html(const SuiteTable& table) {
  std::vector<std::string> titles;
  for (const SuiteTableColumn& column : table.columns) titles.push_back(column.title);
  const std::string head = "<tr>" + cells(table, titles, "th") + "</tr>\n";
  std::string rows;
  for (const SuiteTableGroup& group : table.groups) {
    if (!group.heading.empty()) {
      rows += fmt::format("<tr><th colspan=\"{}\">{}</th></tr>\n", table.columns.size(), html_text(group.heading));
    }
    if (!group.heading.empty() || rows.empty()) rows += head;
    for (const SuiteTableRow& row : group.rows) {
      rows += fmt::format("<tr{}>{}</tr>\n", row.failed ? " class=\"failed\"" : "", cells(table, row.cells, "td"));
      if (!row.note.empty()) {
        rows += fmt::format("<tr class=\"failed\"><td></td><td colspan=\"{}\">{}</td></tr>\n",
                            table.columns.size() - 1, html_text(row.note));
      }
    }
  }
  std::string notes;
  for (const std::string& note : table.notes) notes += "<li>" + html_text(note) + "</li>\n";
  if (!notes.empty()) notes = "<ul class=\"notes\">\n" + notes + "</ul>\n";
  return fmt::format("<section class=\"suite\">\n<h2>{}</h2>\n<p class=\"rule\">{}</p>\n<table class=\"glance\">\n{}"
                     "</table>\n{}</section>\n",
                     html_text(table.name), html_text(explanation_alone(table.explanation)), rows, notes);
}

std::string suite_table_section(const std::vector<Executor>& executors) {
  const std::optional<SuiteTable> table = suite_table(executors);
  return table ? format_suite_table_html(*table) : std::string();
}

}  // namespace bench
