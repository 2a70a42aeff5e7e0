# gnuplot -e "data='FILE'; out='PNG'" opp-residency.gp
# FILE: "label pct_at_opp1 ... pct_at_oppN" with a header line of OPP names.
set terminal pngcairo size 1000, 420 font ",9"
set output out
set termoption noenhanced
set style data histograms
set style histogram rowstacked
set style fill solid 0.9 border -1
set boxwidth 0.7
set yrange [0:100]
set ylabel "share of the task's run time (%)"
set key outside right title "OPP (MHz)"
set xtics rotate by -20
plot for [c = 2:*] data using c:xtic(1) title columnhead(c)
