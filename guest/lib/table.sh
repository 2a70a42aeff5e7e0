# SPDX-License-Identifier: GPL-2.0
# The guest's reader of the host's tables (/lib/scenarios, /lib/policies:
# analysis/'s, values separated by " | ", the first line that is not a
# comment naming the columns), as harness/lib.sh's scenario_field and
# policy_column read them on the host:
#   . /lib/table.sh; mult=$(table_field /lib/scenarios mult "$workload")

# table_field TABLE COLUMN [NAME]: COLUMN of the row whose column "name"
# is NAME ("-" is empty); without NAME, COLUMN of every row, a line each.
# Fails with a message naming the column or the row TABLE lacks.
table_field() {
	awk -F ' [|] ' -v c="$2" -v n="${3-}" -v all=$(($# < 3)) '
		/^#/ || /^$/ { next }
		!h { h = 1; for (i = 1; i <= NF; i++) { if ($i == c) k = i; if ($i == "name") m = i }
			if (!k || !m) exit 2; next }
		all || $m == n { print ($k == "-" ? "" : $k); found = 1 }
		END { exit !k || !m ? 2 : !found }' "$1"
	case $? in
	0) ;;
	1) echo "table_field: no row '${3-}' in $1" >&2; return 1 ;;
	*) echo "table_field: no column '$2' (or 'name', the rows' key) in $1's header: is it analysis/'s, as harness/initramfs.sh ships it?" >&2; return 2 ;;
	esac
}
